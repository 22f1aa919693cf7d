# Serbian in Latin script: the formats of the Cyrillic (the month names come from the
# catalogue): "7. decembar 2026.".
from clash.formats.sr.formats import *  # noqa: F403

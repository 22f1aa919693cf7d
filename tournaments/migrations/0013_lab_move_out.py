"""The deck lab's `LabRun` moves to its own app `lab` (lab/migrations/0001_initial.py).

The rows stay where they are: the database step only renames the table to the lab app's name
(`lab_labrun`, a rename of the table's name, no copy), and the state step removes the model
from tournaments. lab 0001 then adds the same model to the lab's state without touching the
database. Backwards, the table gets its old name again.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_cut_ai_in_top_cut'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name='labrun', table='lab_labrun'),
            ],
            state_operations=[
                migrations.DeleteModel(name='LabRun'),
            ],
        ),
    ]

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


@pytest.fixture(autouse=True)
def fresh_layer():
    """Each test starts with an empty in-memory layer (no group kept from another loop)."""
    layer = get_channel_layer()
    async_to_sync(layer.flush)()
    yield
    async_to_sync(layer.flush)()

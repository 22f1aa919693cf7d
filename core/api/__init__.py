"""What every app's API shares: the error mapping, input validation, the CSV renderer, the
schema's error responses and the write throttle."""

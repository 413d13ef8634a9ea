"""Where tournament players sit (T-4 … T-9): the seat draw, the floor that balances, breaks and
merges tables, the moves it makes with their reasons, and the Olympic stages."""

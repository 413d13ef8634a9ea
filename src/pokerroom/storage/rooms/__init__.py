"""Live tables saved as they are played: recipes, inputs in order, signed checkpoints, the
writer thread, and the wrapper that queues each input of a room for saving."""

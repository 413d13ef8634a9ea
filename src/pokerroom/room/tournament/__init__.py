"""A tournament's rooms below every interface: the event that runs the director, its tables
and the views players see, hosted by the web server and the terminal alike."""

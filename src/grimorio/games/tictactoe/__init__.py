"""Tic-tac-toe: the smallest complete grimorio game, the template and the benchmark."""

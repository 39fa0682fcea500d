"""Engine benchmarks (`make bench`): figures printed, never asserted."""

"""Benchmarks: each prints figures; none asserts a time."""

"""Audits of benchmarks and models: do they take shortcuts?"""

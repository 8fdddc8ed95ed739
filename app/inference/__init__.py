"""Running models: the runner interface every sample asks (base), and the runners behind it."""

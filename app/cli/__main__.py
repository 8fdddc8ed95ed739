"""`python -m app.cli …`, as the `pocketeval` console script."""

from app.cli.commands import main

main()

"""``python -m gpuisa``: the same command as the ``gpuisa`` console script."""
from .cli import main

if __name__ == "__main__":  # pragma: no branch
    main(prog_name="gpuisa")

"""Where many independent games are played: here (``local``: this process or worker processes)
or on a Ray cluster (``ray``, ``pip install -e '.[ray]'``).

:func:`ordered_map` gives ``function(task)`` for each task *in task order* whatever the
backend, so a run's results are the same for the same tasks on either backend and any number
of workers (every game is seeded by its task). With ``ray`` and no address a local Ray is
started for the run with ``jobs`` CPUs (0: all of this machine's) and stopped after it; with
an address (``ray://host:10001``, ``host:6379`` or ``auto``) the run joins that cluster.
This package's code is shipped to the workers with the run (a Ray ``runtime_env`` of
``py_modules``), so every node plays the driver's version of the engine; the nodes need only
Python and Ray (docs/RL.md, "Simulation on a Ray cluster").
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

BACKENDS = ("local", "ray")
#: Tasks sent to a Ray worker at once: a game of random agents takes ~50 ms and a Ray task
#: costs about a millisecond to schedule, so each task carries a few games; small enough that
#: the workers stay busy to the end of a run.
RAY_CHUNKS_PER_WORKER = 8


@contextmanager
def ordered_map(function: Callable[[Any], Any], tasks: Sequence[Any], jobs: int = 1, backend: str = "local",
                address: str | None = None) -> Iterator[Iterator[Any]]:
    """``function`` of each task, in task order (module docstring). ``function`` must be a
    module-level function of this package (workers import it by name)."""
    if backend == "local":
        if address is not None:
            raise ValueError("--address is for the ray backend (--backend ray)")
        from .simulate import in_workers
        with in_workers(function, tasks, jobs) as results:
            yield results
        return
    if backend != "ray":
        raise ValueError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    with ray_session(address, jobs) as ray:
        yield _ray_results(ray, function, list(tasks))


@contextmanager
def ray_session(address: str | None, jobs: int) -> Iterator[Any]:
    """A connection to Ray for one run: ``address``'s cluster, or a local one with ``jobs``
    CPUs (0: all), started here and shut down after the run. Ray already connected (a notebook
    that called ``ray.init``) is used as it is and left running."""
    try:
        import ray
    except ImportError:
        from .core.errors import MtgError
        raise MtgError("the ray backend needs Ray: pip install -e '.[ray]' (or pip install 'ray>=2.9')") from None
    if ray.is_initialized():
        yield ray
        return
    package = str(Path(__file__).resolve().parent)
    runtime_env = {"py_modules": [package], "env_vars": {"MTGENGINE_DATA_DIR": os.environ.get("MTGENGINE_DATA_DIR", "")}}
    if not runtime_env["env_vars"]["MTGENGINE_DATA_DIR"]:
        del runtime_env["env_vars"]
    options: dict[str, Any] = {"runtime_env": runtime_env, "log_to_driver": False, "logging_level": "ERROR"}
    if address is None:
        options.update(num_cpus=jobs or os.cpu_count() or 1, include_dashboard=False)
    else:
        options["address"] = address
    ray.init(**options)
    try:
        yield ray
    finally:
        ray.shutdown()


def _ray_results(ray: Any, function: Callable[[Any], Any], tasks: list[Any]) -> Iterator[Any]:
    if not tasks:
        return
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = max(1, -(-len(tasks) // (workers * RAY_CHUNKS_PER_WORKER)))
    remote = ray.remote(_chunk)
    refs = [remote.remote(function, tasks[i:i + size]) for i in range(0, len(tasks), size)]
    for ref in refs:                    # in task order: each chunk's results as soon as it is done
        yield from ray.get(ref)


def _chunk(function: Callable[[Any], Any], tasks: list[Any]) -> list[Any]:
    """A Ray task: ``function`` of each of a few tasks, run on a worker."""
    return [function(task) for task in tasks]


__all__ = ["BACKENDS", "ordered_map", "ray_session"]

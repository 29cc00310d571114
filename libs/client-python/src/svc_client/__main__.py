"""`python3 -m svc_client --help`."""
import sys

from .cli import main

sys.exit(main())

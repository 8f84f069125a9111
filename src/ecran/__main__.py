import sys

from ecran.cli.app import main

sys.exit(main())

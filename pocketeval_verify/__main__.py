from pocketeval_verify.cli import main

raise SystemExit(main())

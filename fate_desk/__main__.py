from fate_desk.cli import main

raise SystemExit(main())

// Command svc serves the /v1 API (svc serve) and manages accounts, keys and
// credits through the admin API (svc accounts|keys|credits ...).
package main

import (
	"fmt"
	"os"
)

const usage = `usage:
  svc serve [flags]                      serve /v1 and the admin API (svc serve -h for flags)
  svc accounts create --name NAME [--rate-limit N]
  svc accounts list [--search TEXT] [--limit N] [--starting-after ACCOUNT_ID]
  svc accounts show ACCOUNT_ID
  svc keys create --account ACCOUNT_ID --kind sandbox|live
  svc keys revoke KEY_ID
  svc credits buy --account ACCOUNT_ID --pack 25|50|100|500
  svc credits refund PURCHASE_ID
Admin commands take --admin-addr (SVC_ADMIN_ADDR), --admin-token (SVC_ADMIN_TOKEN)
and --data-dir (SVC_DATA_DIR, where admin.token is read when no token is given).
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(os.Args[2:])
	case "accounts", "keys", "credits":
		err = adminCommand(os.Args[1], os.Args[2:])
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "svc:", err)
		os.Exit(1)
	}
}

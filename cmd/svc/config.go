package main

import (
	"flag"
	"os"
	"strconv"
)

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// envBool reads a boolean environment variable ("1", "true", "on" ...).
func envBool(name string, def bool) bool {
	v, ok := os.LookupEnv(name)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return v == "on" || v == "yes"
	}
	return b
}

// adminFlags are the flags every admin subcommand shares.
type adminFlags struct {
	addr, token, dataDir string
}

func (a *adminFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&a.addr, "admin-addr", envOr("SVC_ADMIN_ADDR", "127.0.0.1:8081"), "admin listener address (SVC_ADMIN_ADDR)")
	fs.StringVar(&a.token, "admin-token", envOr("SVC_ADMIN_TOKEN", ""), "admin token (SVC_ADMIN_TOKEN); default: <data-dir>/admin.token")
	fs.StringVar(&a.dataDir, "data-dir", envOr("SVC_DATA_DIR", "./data"), "data directory (SVC_DATA_DIR)")
}

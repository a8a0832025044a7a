package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// firstStartFile, in the data directory, receives the secrets made at the
// first start (the generated admin token, the demo keys) when standard
// output is not a terminal: a service manager collects stdout as the log,
// and a log must never carry a key.
const firstStartFile = "first-start.txt"

// revealSecrets shows text, which holds secrets, to the operator: on
// standard output when it is a terminal (make run), else appended to
// <dataDir>/first-start.txt (mode 0600) with a log line naming the file
// and no secret.
func revealSecrets(dataDir, text string) error {
	if isTerminal(os.Stdout) {
		_, err := fmt.Print(text)
		return err
	}
	path := filepath.Join(dataDir, firstStartFile)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("first-start secrets: %w", err)
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return fmt.Errorf("first-start secrets: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("first-start secrets: %w", err)
	}
	slog.Info("first-start secrets written (stdout is not a terminal)", "file", path)
	return nil
}

// isTerminal reports whether f is a terminal (it answers TCGETS).
func isTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

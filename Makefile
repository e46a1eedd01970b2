# Installs the tca-lint command: `make install` (into /usr/local/bin), `make install PREFIX=~/.local`,
# `make install DESTDIR=/tmp/stage PREFIX=/usr` for packagers; `make uninstall` with the same variables.
# The Homebrew formula (Formula/tca-lint.rb) installs through this file too.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
# Extra `swift build` options, e.g. SWIFT_BUILD_FLAGS=--disable-sandbox inside another sandbox (Homebrew).
SWIFT_BUILD_FLAGS ?=

.PHONY: build install uninstall
build:
	$(SWIFT) build -c release --product tca-lint $(SWIFT_BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path $(SWIFT_BUILD_FLAGS))/tca-lint" "$(DESTDIR)$(BINDIR)/tca-lint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/tca-lint"

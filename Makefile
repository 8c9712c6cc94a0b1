# Two commands for developers: `make run` and `make test`. Both build .venv on demand.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
ARGS   ?=

.PHONY: run test bundle release-check screenshots pdf-previews benchmarks clean i18n i18n-check

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Re-install whenever pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $@ $(VENV)/.installed-run

# PyInstaller and build, only for packaging; `make test` never needs them.
$(VENV)/.installed-bundle: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[bundle]"
	@touch $@ $(VENV)/.installed-run

# Python code generated from the Qt Designer forms (git-ignored), made again when a form changes.
FORMS := fate_desk/gui/_forms/.built
$(FORMS): ui/*.ui tools/build_forms.py | $(VENV)/.installed-run
	$(PY) tools/build_forms.py
	@touch $@

# Compiled translations (git-ignored), made again when a catalogue changes (docs/translating.md).
CATALOGUES := fate_desk/_locale/.built
$(CATALOGUES): $(wildcard locale/*.po) tools/i18n.py | $(VENV)/.installed-run
	$(PY) tools/i18n.py compile
	@touch $@

# Extract every marked string and bring each locale/<code>.po up to date with the code.
i18n: $(VENV)/.installed-run
	$(PY) tools/i18n.py update

# Fails on an unmarked string, a missing or fuzzy translation, a placeholder or plural form
# that differs, or a glossary term not used.
i18n-check: $(VENV)/.installed-run
	$(PY) tools/i18n.py check

run: $(VENV)/.installed-run $(FORMS) $(CATALOGUES)
	$(PY) -m fate_desk $(ARGS)

test: $(VENV)/.installed-test $(FORMS) $(CATALOGUES)
	@sh tools/a11y-deps.sh
	@sh tools/pdf-deps.sh
	@sh tools/table-deps.sh
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n 2 --dist loadgroup
	$(VENV)/bin/lint-imports
	$(PY) tools/i18n.py check

# dist/fate-desk/: the program with Python, Qt and its data in one folder (docs/install.md).
bundle: $(VENV)/.installed-bundle $(FORMS) $(CATALOGUES)
	$(PY) tools/release.py bundle

# Wheel and bundle, installed and run as a user would; prints how long each step took.
release-check: $(VENV)/.installed-bundle $(FORMS) $(CATALOGUES)
	$(PY) tools/release.py check

# Sample PDFs rendered to PNG in previews/ (git-ignored), to look at before a release.
pdf-previews: $(VENV)/.installed-run $(FORMS) $(CATALOGUES)
	rm -rf previews && mkdir -p previews
	$(PY) -m fate_desk.printing.samples previews
	for pdf in previews/*.pdf; do pdftoppm -r 100 -png "$$pdf" "$${pdf%.pdf}"; done
	@echo "previews/: $$(ls previews/*.png | wc -l) pages"

# Every window and dialog in light and dark palettes, as PNGs in shots/ (git-ignored).
screenshots: $(VENV)/.installed-run $(FORMS) $(CATALOGUES)
	QT_QPA_PLATFORM=offscreen $(PY) tools/screenshots.py shots
	QT_QPA_PLATFORM=offscreen $(PY) tools/screenshots_access.py shots/access
	for code in de fr es pt_BR it ru zh_CN ko en_XA ar_XB; do \
		QT_QPA_PLATFORM=offscreen $(PY) tools/language_shots.py $$code shots/languages || exit 1; done

clean:
	rm -rf $(VENV) build dist .pytest_cache

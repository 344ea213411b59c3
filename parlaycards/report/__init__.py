"""One home for every output: a pure builder per report (rows and columns named once) and the
writers (terminal, JSON, xlsx, CSV, PDF) that draw from it."""

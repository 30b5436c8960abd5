"""HTML pages of the approvals app, one module per screen."""

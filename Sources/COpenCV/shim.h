/* Intentionally empty: this module exists for its pkg-config flags. */

print("synthesize-clip: not yet")

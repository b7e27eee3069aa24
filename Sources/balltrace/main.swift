print("balltrace: not yet")

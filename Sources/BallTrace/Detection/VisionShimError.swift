/// A failure reported by the OpenCV shim (an OpenCV exception caught on the C++ side).
struct VisionShimError: Error, Sendable, Equatable, CustomStringConvertible {
    var operation: String
    var message: String

    var description: String { "\(operation) failed: \(message)" }
}

/// Calls a shim function that writes a message on failure, and throws that message.
func callShim(_ operation: String, _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
    var buffer = [CChar](repeating: 0, count: 512)
    let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    guard status == 0 else {
        throw VisionShimError(operation: operation, message: string(fromNulTerminated: buffer))
    }
}

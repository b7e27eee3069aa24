import Glibc

/// The process's standard output or standard error, written to directly (unbuffered, as
/// Foundation's `FileHandle` wrote them): a line of progress or an error shows at once.
package enum StandardStream {
    case output, error

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    package func write(_ bytes: some Collection<UInt8>) {
        let wasContiguous: Void? = bytes.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
        if wasContiguous == nil { Array(bytes).withUnsafeBytes { write($0) } }
    }

    /// All of `bytes`, across partial writes and interrupted calls; given up on any other
    /// failure (a closed pipe: nothing is left to tell).
    private func write(_ bytes: UnsafeRawBufferPointer) {
        let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}

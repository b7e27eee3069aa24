import Glibc

extension String {
    /// Numbers formatted as C's `printf` does (`"%.2f"`, `"%02d"`, `"%g"`): FoundationEssentials
    /// has no `String(format:)`, and the C library's formatting is what it used, digit for
    /// digit. For numeric arguments only (no `%s`). The decimal point is always a point: the
    /// process never leaves the C library's "C" locale (nothing calls `setlocale`).
    package init(printf format: String, _ arguments: any CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            // vsnprintf consumes the list: a longer text is formatted again from a fresh copy.
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }
}

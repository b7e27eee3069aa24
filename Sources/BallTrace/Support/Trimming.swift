extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks) at either end.
    package func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

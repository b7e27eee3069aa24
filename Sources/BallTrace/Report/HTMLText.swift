/// Text made safe to put into an HTML document, in an element or in a quoted attribute.
///
/// Whatever goes into the shot report and comes from outside balltrace (a session's file name,
/// which may hold `<`, `&` or quotes) passes through here, so that it is shown as written and
/// can never become markup, a script or a reference to something outside the file.
package enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as character references; everything else as it is.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// Vision's errors (`VNErrorDomain`), each with the code Vision gives it and a message that
/// says what to change.
public struct VNError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Vision's `VNErrorCode` values, with the same raw values.
    public enum Code: Int, Sendable, Hashable {
        case tuningFailure = -1
        case ok = 0
        case requestCancelled = 1
        case invalidFormat = 2
        case operationFailed = 3
        case outOfBoundsError = 4
        case invalidOption = 5
        case ioError = 6
        case missingOption = 7
        case notImplemented = 8
        case internalError = 9
        case outOfMemory = 10
        case unknownError = 11
        case invalidOperation = 12
        case invalidImage = 13
        case invalidArgument = 14
        case invalidModel = 15
        case unsupportedRevision = 16
        case dataUnavailable = 17
        case timeStampNotFound = 18
        case unsupportedRequest = 19
        case timeout = 20
    }

    public static let errorDomain = "com.apple.Vision"

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var errorCode: Int { code.rawValue }
    public var localizedDescription: String { message }
    public var description: String { message }
}

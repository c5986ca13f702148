/// The Foundation classes whose look-ups a ``LegacyObjectGraph`` serves from Swift value
/// bindings, as Objective-C callers expect: `NSString` from `String`.
///
/// Matched by class name, so that the library does not link Foundation; where Foundation
/// is loaded, `String` values cast to `NSString`.
enum LegacyBridging {
    /// The Swift value type bound in place of the class `type`, and how to hand its values
    /// out as objects; `nil` when `type` is not a bridged Foundation class.
    static func valueType(bridgedTo type: any Any.Type) -> (type: any Any.Type, asObject: (Any) -> AnyObject)? {
        switch String(reflecting: type) {
        case "Foundation.NSString", "__C.NSString", "Foundation.NSMutableString", "__C.NSMutableString":
            return (String.self, { $0 as AnyObject })
        default:
            return nil
        }
    }
}

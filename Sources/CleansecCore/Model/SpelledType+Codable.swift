/// The JSON form of a type in a partial model: a plain name as a string (`"Heater"`), and
/// otherwise an object that says what the type is: `{"name": "Array", "arguments": […]}`,
/// `{"tuple": […]}` (a labelled element `{"label": "x", "type": …}`), `{"parameters": […], "effects": "async", "result": …}` or
/// `{"unknown": "some P"}`, a generic parameter `{"parameter": "T", "owner": "Box"}`, or a
/// member of a specialised type `{"parent": …, "member": "Module", "arguments": […]}`.
extension SpelledType: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, arguments, tuple, label, type, parameters, effects, result, unknown, parameter, owner, parent, member
    }

    init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self = .named(name, [])
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .name) {
            self = .named(name, try container.decode([SpelledType].self, forKey: .arguments))
        } else if let name = try container.decodeIfPresent(String.self, forKey: .member) {
            self = .member(try container.decode(SpelledType.self, forKey: .parent), name, try container.decode([SpelledType].self, forKey: .arguments))
        } else if let elements = try container.decodeIfPresent([SpelledType].self, forKey: .tuple) {
            self = .tuple(elements)
        } else if let label = try container.decodeIfPresent(String.self, forKey: .label) {
            self = .labeled(label, try container.decode(SpelledType.self, forKey: .type))
        } else if let parameters = try container.decodeIfPresent([SpelledType].self, forKey: .parameters) {
            self = .function(parameters, effects: try container.decode(String.self, forKey: .effects), result: try container.decode(SpelledType.self, forKey: .result))
        } else if let name = try container.decodeIfPresent(String.self, forKey: .parameter) {
            self = .parameter(owner: try container.decode(String.self, forKey: .owner), name: name)
        } else {
            self = .unknown(try container.decode(String.self, forKey: .unknown))
        }
    }

    func encode(to encoder: any Encoder) throws {
        if case .named(let name, let arguments) = self, arguments.isEmpty {
            var container = encoder.singleValueContainer()
            try container.encode(name)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .named(let name, let arguments):
            try container.encode(name, forKey: .name)
            try container.encode(arguments, forKey: .arguments)
        case .member(let parent, let name, let arguments):
            try container.encode(parent, forKey: .parent)
            try container.encode(name, forKey: .member)
            try container.encode(arguments, forKey: .arguments)
        case .tuple(let elements):
            try container.encode(elements, forKey: .tuple)
        case .labeled(let label, let type):
            try container.encode(label, forKey: .label)
            try container.encode(type, forKey: .type)
        case .function(let parameters, let effects, let result):
            try container.encode(parameters, forKey: .parameters)
            try container.encode(effects, forKey: .effects)
            try container.encode(result, forKey: .result)
        case .parameter(let owner, let name):
            try container.encode(name, forKey: .parameter)
            try container.encode(owner, forKey: .owner)
        case .unknown(let spelling):
            try container.encode(spelling, forKey: .unknown)
        }
    }
}

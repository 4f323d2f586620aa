//! Options as data: a struct's serialized form, changed by a JSON file (`--options FILE`) and
//! by `--set key=value`, then read back through serde.
//!
//! Every key must name a field the options already have (a dotted path into nested structs,
//! `guess.cut_off`), and every value must have the field's kind (true or false, a whole
//! number, a number, a string); the error names the key and where it came from. Ranges are the
//! library's to check once the options are read back.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// An options file or `--set` that does not fit the options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{source_name}: {message}")]
pub struct OptionsError {
    /// Where the bad key or value came from: `--set guess.cut_off=x` or `--options FILE`.
    pub source_name: String,
    /// What is wrong.
    pub message: String,
}

/// Options being built: the base's serialized form, with what changed it so far.
#[derive(Debug, Clone)]
pub struct OptionsDoc {
    value: Value,
    /// For each key set, where it was set (the last setter wins), in the order first set.
    origins: Vec<(String, String)>,
}

/// The kind of a JSON value, as a user reads it.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(n) if n.is_u64() => "a whole number >= 0",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a table of options",
    }
}

/// Whether `new` may replace `old`: the same kind, a whole number for a whole number, any
/// finite number for a number.
fn fits(old: &Value, new: &Value) -> bool {
    match (old, new) {
        (Value::Bool(_), Value::Bool(_)) | (Value::String(_), Value::String(_)) => true,
        (Value::Number(o), Value::Number(n)) => !o.is_u64() || n.is_u64(),
        _ => false,
    }
}

/// The keys of `object`, for an error that lists what may be set.
fn keys_of(object: &Map<String, Value>, prefix: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for (key, value) in object {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            Value::Object(inner) => keys.extend(keys_of(inner, &path)),
            _ => keys.push(path),
        }
    }
    keys
}

impl OptionsDoc {
    /// Starts from `base`'s serialized form.
    ///
    /// # Errors
    /// When `base` does not serialize to a JSON object.
    pub fn new<T: Serialize>(base: &T) -> Result<Self, OptionsError> {
        let value = serde_json::to_value(base).map_err(|e| OptionsError {
            source_name: "the defaults".to_string(),
            message: e.to_string(),
        })?;
        if !value.is_object() {
            return Err(OptionsError {
                source_name: "the defaults".to_string(),
                message: "the options are not a table".to_string(),
            });
        }
        Ok(Self {
            value,
            origins: Vec::new(),
        })
    }

    /// Every key that may be set, as dotted paths, in the options' order.
    pub fn keys(&self) -> Vec<String> {
        self.value.as_object().map_or_else(Vec::new, |o| keys_of(o, ""))
    }

    /// Where `key` was last set, if it was.
    pub fn origin(&self, key: &str) -> Option<&str> {
        self.origins
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, o)| o.as_str())
    }

    /// Replaces the value at the dotted `key` by `new`, checked against the old value's kind.
    fn put(&mut self, key: &str, new: Value, source_name: &str) -> Result<(), OptionsError> {
        let fail = |message: String| OptionsError {
            source_name: source_name.to_string(),
            message,
        };
        let known = self.keys().join(", ");
        let mut slot = &mut self.value;
        for part in key.split('.') {
            slot = slot
                .as_object_mut()
                .and_then(|o| o.get_mut(part))
                .ok_or_else(|| fail(format!("no option {key:?}; the options are: {known}")))?;
        }
        if slot.is_object() {
            return Err(fail(format!(
                "{key} is a table of options; set one of its keys ({key}.…)"
            )));
        }
        if !fits(slot, &new) {
            return Err(fail(format!("{key} must be {}, not {new}", kind(slot))));
        }
        *slot = new;
        self.origins.push((key.to_string(), source_name.to_string()));
        Ok(())
    }

    /// Applies one `key=value` (the value read as JSON, or else as a string).
    ///
    /// # Errors
    /// When the text has no `=`, the key is not an option or the value is not of its kind.
    pub fn set(&mut self, text: &str) -> Result<(), OptionsError> {
        let source_name = format!("--set {text}");
        let (key, raw) = text.split_once('=').ok_or_else(|| OptionsError {
            source_name: source_name.clone(),
            message: "expected KEY=VALUE".to_string(),
        })?;
        let value = serde_json::from_str(raw.trim()).unwrap_or_else(|_| Value::String(raw.trim().to_string()));
        self.put(key.trim(), value, &source_name)
    }

    /// Applies a JSON document: a table whose keys are options (tables nest, as in the
    /// options' own form), each set as [`OptionsDoc::set`] would set it.
    ///
    /// # Errors
    /// When the text is not a JSON table, or one of its keys or values does not fit.
    pub fn apply_json(&mut self, text: &str, source_name: &str) -> Result<(), OptionsError> {
        let fail = |message: String| OptionsError {
            source_name: source_name.to_string(),
            message,
        };
        let doc: Value = serde_json::from_str(text).map_err(|e| fail(format!("not JSON: {e}")))?;
        let Value::Object(table) = doc else {
            return Err(fail(format!("expected a table of options, found {}", kind(&doc))));
        };
        let mut leaves = Vec::new();
        flatten(&table, "", &mut leaves);
        for (key, value) in leaves {
            self.put(&key, value, source_name)?;
        }
        Ok(())
    }

    /// Applies the JSON file at `path` ([`OptionsDoc::apply_json`]).
    ///
    /// # Errors
    /// When the file cannot be read or does not fit.
    pub fn apply_file(&mut self, path: &Path) -> Result<(), OptionsError> {
        let source_name = format!("--options {}", path.display());
        let text = std::fs::read_to_string(path).map_err(|e| OptionsError {
            source_name: source_name.clone(),
            message: e.to_string(),
        })?;
        self.apply_json(&text, &source_name)
    }

    /// The options read back.
    ///
    /// # Errors
    /// When serde refuses them (a value the library's own deserializer does not accept).
    pub fn read<T: DeserializeOwned>(&self) -> Result<T, OptionsError> {
        serde_json::from_value(self.value.clone()).map_err(|e| OptionsError {
            source_name: "the options".to_string(),
            message: e.to_string(),
        })
    }
}

/// The leaves of a nested table as dotted keys, in order.
fn flatten(table: &Map<String, Value>, prefix: &str, out: &mut Vec<(String, Value)>) {
    for (key, value) in table {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            Value::Object(inner) => flatten(inner, &path, out),
            _ => out.push((path, value.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        weight: f64,
        count: usize,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        on: bool,
        name: String,
        inner: Inner,
    }

    fn base() -> Outer {
        Outer {
            on: true,
            name: "a".to_string(),
            inner: Inner { weight: 0.5, count: 3 },
        }
    }

    #[test]
    fn sets_and_files_change_the_named_fields_only() {
        let mut doc = OptionsDoc::new(&base()).unwrap();
        assert_eq!(doc.keys(), ["inner.count", "inner.weight", "name", "on"]);
        doc.set("inner.weight=2").unwrap();
        doc.set("name=b").unwrap();
        doc.apply_json(r#"{"on": false, "inner": {"count": 7}}"#, "--options f.json")
            .unwrap();
        let read: Outer = doc.read().unwrap();
        assert_eq!(
            read,
            Outer {
                on: false,
                name: "b".to_string(),
                inner: Inner { weight: 2.0, count: 7 },
            }
        );
        assert_eq!(doc.origin("inner.count"), Some("--options f.json"));
        assert_eq!(doc.origin("inner.weight"), Some("--set inner.weight=2"));
        assert_eq!(doc.origin("on"), Some("--options f.json"));
    }

    #[test]
    fn bad_keys_and_values_name_the_key_and_the_source() {
        let mut doc = OptionsDoc::new(&base()).unwrap();
        let err = doc.set("inner.wieght=2").unwrap_err();
        assert_eq!(err.source_name, "--set inner.wieght=2");
        assert!(
            err.message
                .starts_with("no option \"inner.wieght\"; the options are: inner.count"),
            "{err}"
        );
        assert_eq!(
            doc.set("on=yes").unwrap_err().to_string(),
            "--set on=yes: on must be true or false, not \"yes\""
        );
        assert_eq!(
            doc.set("inner.count=-1").unwrap_err().to_string(),
            "--set inner.count=-1: inner.count must be a whole number >= 0, not -1"
        );
        assert_eq!(
            doc.set("inner.count=1.5").unwrap_err().to_string(),
            "--set inner.count=1.5: inner.count must be a whole number >= 0, not 1.5"
        );
        assert_eq!(
            doc.set("inner.weight=NaN").unwrap_err().to_string(),
            "--set inner.weight=NaN: inner.weight must be a number, not \"NaN\""
        );
        assert_eq!(
            doc.set("inner=1").unwrap_err().to_string(),
            "--set inner=1: inner is a table of options; set one of its keys (inner.…)"
        );
        assert_eq!(doc.set("on").unwrap_err().to_string(), "--set on: expected KEY=VALUE");
        let err = doc.apply_json("[1]", "--options f.json").unwrap_err();
        assert_eq!(
            err.to_string(),
            "--options f.json: expected a table of options, found a list"
        );
        let err = doc.apply_json("{\"on\": tru}", "--options f.json").unwrap_err();
        assert!(err.to_string().starts_with("--options f.json: not JSON: "), "{err}");
        let err = doc
            .apply_json(r#"{"inner": {"size": 1}}"#, "--options f.json")
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("--options f.json: no option \"inner.size\""),
            "{err}"
        );
        // Nothing bad was applied.
        assert_eq!(doc.read::<Outer>().unwrap(), base());
    }
}

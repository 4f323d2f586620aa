//! A streaming writer for NumPy's `.npy` format (version 1.0), written from the format
//! description: the magic `\x93NUMPY`, version bytes `1 0`, a little-endian `u16` header
//! length, an ASCII header dict `{'descr': …, 'fortran_order': False, 'shape': (…), }`
//! padded with spaces and a final `\n` so the data starts on a 64-byte boundary, then the
//! raw C-order data.
//!
//! The number of rows is not known while a data set streams out, so the header is written
//! with room for a 20-digit row count and rewritten (same length) by [`NpyWriter::finish`].

use std::io::{self, Seek, SeekFrom, Write};

/// An element type the writer supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpyDtype {
    /// `|u1`: unsigned bytes.
    U8,
    /// `<i4`: little-endian 32-bit signed integers.
    I32,
    /// `<f4`: little-endian 32-bit floats.
    F32,
}

impl NpyDtype {
    /// NumPy's type string.
    pub const fn descr(self) -> &'static str {
        match self {
            Self::U8 => "|u1",
            Self::I32 => "<i4",
            Self::F32 => "<f4",
        }
    }

    /// Bytes per element.
    pub const fn size(self) -> usize {
        match self {
            Self::U8 => 1,
            Self::I32 | Self::F32 => 4,
        }
    }
}

/// Writes an array of shape `(rows, row_shape…)` one row at a time.
#[derive(Debug)]
pub struct NpyWriter<W: Write + Seek> {
    out: W,
    dtype: NpyDtype,
    row_shape: Vec<usize>,
    row_len: usize,
    rows: u64,
    header_len: usize,
}

fn header(dtype: NpyDtype, rows: u64, row_shape: &[usize]) -> Vec<u8> {
    let shape = if row_shape.is_empty() {
        format!("{rows},")
    } else {
        let dims: Vec<String> = std::iter::once(rows.to_string())
            .chain(row_shape.iter().map(ToString::to_string))
            .collect();
        dims.join(", ")
    };
    let dict = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': ({shape}), }}",
        dtype.descr()
    );
    // Room for a 20-digit row count, whatever the current count.
    let reserve = 20 - rows.to_string().len();
    let unpadded = 10 + dict.len() + reserve + 1;
    let total = unpadded.div_ceil(64) * 64;
    let mut bytes = Vec::with_capacity(total);
    bytes.extend_from_slice(b"\x93NUMPY\x01\x00");
    let header_len = (total - 10) as u16;
    bytes.extend_from_slice(&header_len.to_le_bytes());
    bytes.extend_from_slice(dict.as_bytes());
    bytes.resize(total - 1, b' ');
    bytes.push(b'\n');
    bytes
}

impl<W: Write + Seek> NpyWriter<W> {
    /// Start an array of rows shaped `row_shape` (e.g. `[11, 16, 30]`).
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] when a row's size in bytes overflows `usize` or the
    /// header does not fit the 16-bit length field of format 1.0 (some thousands of
    /// dimensions); any I/O error of `out`.
    pub fn new(mut out: W, dtype: NpyDtype, row_shape: &[usize]) -> io::Result<Self> {
        let invalid = |what: String| io::Error::new(io::ErrorKind::InvalidInput, what);
        let row_len = row_shape
            .iter()
            .try_fold(1usize, |len, &d| len.checked_mul(d))
            .filter(|len| len.checked_mul(dtype.size()).is_some())
            .ok_or_else(|| invalid(format!("rows of shape {row_shape:?} are too large")))?;
        let head = header(dtype, 0, row_shape);
        if head.len() - 10 > usize::from(u16::MAX) {
            return Err(invalid(format!(
                "a header of {} bytes for {} dimensions does not fit .npy format 1.0",
                head.len(),
                row_shape.len()
            )));
        }
        out.write_all(&head)?;
        Ok(Self {
            out,
            dtype,
            row_shape: row_shape.to_vec(),
            row_len,
            rows: 0,
            header_len: head.len(),
        })
    }

    fn check(&self, len: usize, dtype: NpyDtype) -> io::Result<()> {
        if len != self.row_len || dtype != self.dtype {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "row of {len} {:?} values for an array of rows of {} {:?}",
                    dtype, self.row_len, self.dtype
                ),
            ));
        }
        Ok(())
    }

    /// Append one row of bytes (dtype `U8`).
    ///
    /// # Errors
    /// A wrong length or dtype, or an I/O error.
    pub fn write_u8(&mut self, row: &[u8]) -> io::Result<()> {
        self.check(row.len(), NpyDtype::U8)?;
        self.out.write_all(row)?;
        self.rows += 1;
        Ok(())
    }

    /// Append one row of `f32` (dtype `F32`).
    ///
    /// # Errors
    /// A wrong length or dtype, or an I/O error.
    pub fn write_f32(&mut self, row: &[f32]) -> io::Result<()> {
        self.check(row.len(), NpyDtype::F32)?;
        let bytes: Vec<u8> = row.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.out.write_all(&bytes)?;
        self.rows += 1;
        Ok(())
    }

    /// Append one row of `i32` (dtype `I32`).
    ///
    /// # Errors
    /// A wrong length or dtype, or an I/O error.
    pub fn write_i32(&mut self, row: &[i32]) -> io::Result<()> {
        self.check(row.len(), NpyDtype::I32)?;
        let bytes: Vec<u8> = row.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.out.write_all(&bytes)?;
        self.rows += 1;
        Ok(())
    }

    /// Rows written so far.
    pub const fn rows(&self) -> u64 {
        self.rows
    }

    /// Rewrite the header with the final row count and flush; returns the writer.
    ///
    /// # Errors
    /// Any I/O error.
    pub fn finish(mut self) -> io::Result<W> {
        let head = header(self.dtype, self.rows, &self.row_shape);
        debug_assert_eq!(head.len(), self.header_len);
        self.out.seek(SeekFrom::Start(0))?;
        self.out.write_all(&head)?;
        self.out.seek(SeekFrom::End(0))?;
        self.out.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn header_is_aligned_and_patched() {
        let mut w = NpyWriter::new(Cursor::new(Vec::new()), NpyDtype::F32, &[2, 3]).unwrap();
        for _ in 0..12 {
            w.write_f32(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        }
        assert!(w.write_f32(&[1.0]).is_err());
        let bytes = w.finish().unwrap().into_inner();
        let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        assert_eq!((10 + header_len) % 64, 0);
        let text = std::str::from_utf8(&bytes[10..10 + header_len]).unwrap();
        assert!(text.starts_with("{'descr': '<f4', 'fortran_order': False, 'shape': (12, 2, 3), }"));
        assert!(text.ends_with('\n'));
        assert_eq!(bytes.len(), 10 + header_len + 12 * 6 * 4);
        assert_eq!(&bytes[10 + header_len..10 + header_len + 4], &1.0f32.to_le_bytes());
    }

    #[test]
    fn one_dimensional_shape_has_trailing_comma() {
        let mut w = NpyWriter::new(Cursor::new(Vec::new()), NpyDtype::I32, &[]).unwrap();
        w.write_i32(&[7]).unwrap();
        let bytes = w.finish().unwrap().into_inner();
        let text = String::from_utf8_lossy(&bytes[10..]);
        assert!(text.contains("'shape': (1,), }"), "{text}");
    }
}

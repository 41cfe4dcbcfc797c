//! A variant in Rust through foldbench_variant.h, as a starting point: it loads, names
//! itself, keeps the pane count, and answers every pane hidden, which `foldbench run`
//! refuses at frame 0 until relayout follows the contract (docs/contract.md;
//! libraries/c-fast/c_fast.c is a complete resolver to read). No crates needed:
//!
//!   rustc --edition 2021 -O --crate-type cdylib -o libskeleton-rust.so libraries/examples/skeleton.rs
//!   foldbench list --variant-library ./libskeleton-rust.so
use std::os::raw::{c_char, c_void};

/// The header's types this skeleton reads, laid out as C lays them out.
#[repr(C)]
pub struct Rect { pub x: f64, pub y: f64, pub width: f64, pub height: f64 }
#[repr(C)]
pub struct Preference { pub kind: u32, pub reserved: u32, pub min: f64, pub ideal: f64, pub max: f64 }
#[repr(C)]
pub struct TreePane {
    pub id: *const c_char, pub layout_priority: f64, pub min_width: f64, pub min_height: f64,
    pub ideal_width: f64, pub ideal_height: f64, pub split: [Preference; 2], pub overlay_edge: [u8; 2],
    pub reserved: [u8; 2], pub arrangement: i32,
}
#[repr(C)]
pub struct TreeArrangement { pub style: u32, pub axes: u32, pub primary: u32, pub secondary: u32, pub parent: i32, pub reserved: u32 }
#[repr(C)]
pub struct Tree {
    pub arrangement_count: u32, pub pane_count: u32, pub depth: u32, pub reserved: u32,
    pub arrangements: *const TreeArrangement, pub panes: *const TreePane,
}
#[repr(C)]
pub struct Context {
    pub bounds: Rect, pub horizontal_compact: u8, pub vertical_compact: u8, pub right_to_left: u8,
    pub reserved: u8, pub region_count: u32, pub regions: *const Rect,
}
#[repr(C)]
pub struct PaneLayout { pub frame: Rect, pub bits: u32, pub reserved: u32 }

struct Prepared { pane_count: usize }

#[no_mangle]
pub extern "C" fn foldbench_variant_interface_version() -> u32 { 1 }
#[no_mangle]
pub extern "C" fn foldbench_variant_name() -> *const c_char { b"skeleton-rust\0".as_ptr().cast() }
#[no_mangle]
pub extern "C" fn foldbench_variant_summary() -> *const c_char { b"a Rust starting point: every pane hidden\0".as_ptr().cast() }
#[no_mangle]
pub extern "C" fn foldbench_variant_frame_memory() -> u32 { 0 }

#[no_mangle]
pub extern "C" fn foldbench_variant_prepare(tree: *const Tree, _message: *mut c_char, _capacity: usize) -> *mut c_void {
    let tree = unsafe { &*tree };
    Box::into_raw(Box::new(Prepared { pane_count: tree.pane_count as usize })).cast()
}

#[no_mangle]
pub extern "C" fn foldbench_variant_relayout(prepared: *mut c_void, _context: *const Context, panes: *mut PaneLayout) {
    let prepared = unsafe { &*(prepared as *const Prepared) };
    let panes = unsafe { std::slice::from_raw_parts_mut(panes, prepared.pane_count) };
    // Your resolver goes here; it must write every pane (rule 2) and nothing else.
    for pane in panes {
        *pane = PaneLayout { frame: Rect { x: 0.0, y: 0.0, width: 0.0, height: 0.0 }, bits: 0, reserved: 0 };
    }
}

#[no_mangle]
pub extern "C" fn foldbench_variant_release(prepared: *mut c_void) {
    drop(unsafe { Box::from_raw(prepared as *mut Prepared) });
}

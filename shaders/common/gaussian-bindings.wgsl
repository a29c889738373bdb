// The bindings of a stage that blurs with gaussian-passes.wgsl and reads the blur back in its main
// (sharpen, soft corners, fringing, halation): its params, the image (input0), the blur (input1: the
// rows, or the low-resolution blur), the bilinear sampler and the output.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var linearSampler: sampler;
@group(0) @binding(4) var output: texture_storage_2d<rgba8unorm, write>;

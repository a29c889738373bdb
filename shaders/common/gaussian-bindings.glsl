// The inputs of a stage that blurs with gaussian-passes.glsl and reads the blur back in its main
// (sharpen, soft corners, fringing, halation): the image (input0), the blur (input1: the rows, or the
// low-resolution blur), and the colour written. Included before gaussian-passes.glsl, which uses them.
uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

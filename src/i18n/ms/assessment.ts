export const assessment = {};

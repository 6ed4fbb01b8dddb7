/**
 * A webhook renderer module that fails as it is imported, as the real one does when the install lacks one
 * of its dependencies: importing it throws what Node throws then.
 */
export {};

throw new Error("Cannot find module 'handlebars'\nrequire stack: dist/vigil.js");

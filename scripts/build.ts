console.log("build placeholder");

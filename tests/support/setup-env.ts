// Quiet server logs in tests unless asked for; errors still print.
process.env.LOG_LEVEL ??= "error";

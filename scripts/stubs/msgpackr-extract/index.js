// msgpackr loads this in a try/catch and falls back to its JavaScript string extraction when it throws.
throw new Error('msgpackr-extract native acceleration is not installed');

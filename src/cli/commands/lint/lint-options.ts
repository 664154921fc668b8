// The flags of `promptc lint`, as commander hands them over. Types only.

export interface LintOptions {
  format: string;
  outputFile?: string;
  maxWarnings?: string;
  strict?: boolean;
  preset?: string;
  quiet?: boolean;
  fix?: boolean;
  fixDryRun?: boolean;
  fixType?: string;
  rule?: string[];
  target?: string;
  config?: string | false;
  ignorePattern?: string[];
  ignore?: boolean;
  maxFiles?: string;
  stdin?: boolean;
  stdinFilename?: string;
  listRules?: boolean;
  json?: boolean;
  explain?: string;
  printSchema?: string | boolean;
  color?: boolean;
  codexHome?: string;
  codexConfig?: string;
  home?: string;
}

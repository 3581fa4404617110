/** A scripted policy's numeric parameters (`policy_params:` in an experiment), by name. */
export type Params = Readonly<Record<string, number>>;

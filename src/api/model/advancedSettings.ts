// The settings a server publishes the shape of (V1 does), beyond the model's own fields: shown in the panel's
// Advanced group as the server describes them, each with its current value.

/** One setting of the server's published shape, with where it lives and its current value. */
export interface AdvancedField {
  /** Where the value lives in the server's settings, dotted: `agent_settings.llm.temperature`. */
  readonly path: string;
  readonly label: string;
  readonly description: string;
  readonly valueType: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';
  readonly secret: boolean;
  readonly choices: readonly string[];
  /** The paths this field applies under; shown beside it. */
  readonly dependsOn: readonly string[];
  readonly value: unknown;
}

export interface AdvancedSection {
  readonly id: string;
  readonly label: string;
  readonly fields: readonly AdvancedField[];
}

export interface AdvancedSettings {
  readonly sections: readonly AdvancedSection[];
}

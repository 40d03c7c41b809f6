import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/**
 * better-sqlite3 binds neither Date objects nor booleans. SQLite keeps our timestamps as
 * ISO-8601 UTC text, whose string order is time order, and flags as 0/1 like MySQL does.
 */
function toSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

class SqliteValues extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = toSqliteValue(node.value);
    return value === node.value ? node : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return { ...node, values: node.values.map(toSqliteValue) };
  }
}

export class SqliteValuesPlugin implements KyselyPlugin {
  readonly #transformer = new SqliteValues();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Fastify's response serializers (fast-json-stringify), each compiled when its route first answers
 * with that status rather than at start-up, like the validators (lib/validators.ts): together they
 * were most of a start's CPU. app.ts installs it as the schema controller's serializer factory.
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;

export function serializersOnFirstUse(): Factory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | null = null;
      return (doc) => {
        serialize ??= compile(route);
        return serialize(doc);
      };
    };
  };
}

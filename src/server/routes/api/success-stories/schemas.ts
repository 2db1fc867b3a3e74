/** SuccessStory schemas (src/shared/cause-contract.ts); writes are admin-only, multipart or JSON. */
import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Image = Type.Optional(Type.Unknown({ description: 'Image file (multipart); JSON null removes it.' }));

export const StoryResponse = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  image: Nullable(Type.String()),
  cause_id: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});

export const StoryBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  cause_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  image: Image,
});

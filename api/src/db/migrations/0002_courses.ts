import type { Knex } from 'knex';

/**
 * Courses, modules, lessons, their required tags and lesson completions.
 *
 * Ordered things keep contiguous positions from 1 within their parent: a UNIQUE (parent, position)
 * constraint, DEFERRABLE INITIALLY IMMEDIATE, makes a duplicate impossible; reorders run in one
 * transaction with SET CONSTRAINTS ... DEFERRED and set-based UPDATEs. Modules without a course
 * (detached from a course form) have position 0 and are not ordered.
 *
 * Search: trigram GIN indexes serve the ILIKE title searches; lessons carry a generated tsvector
 * of their content (GIN) for the full-text search of lesson content.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('courses', (t) => {
    t.increments('id').primary();
    t.text('title').notNullable();
    t.text('description');
    t.text('status').notNullable().defaultTo('DRAFT');
    t.text('slug').notNullable();
    t.text('cover_photo_url');
    t.boolean('visible_to_basic').notNullable().defaultTo(true);
    t.boolean('visible_to_premium').notNullable().defaultTo(true);
    t.integer('position').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE courses ADD CONSTRAINT courses_status_check CHECK (status IN ('DRAFT','PUBLISHED'))`);
  await knex.raw(`ALTER TABLE courses ADD CONSTRAINT courses_position_check CHECK (position >= 1)`);
  await knex.raw('CREATE UNIQUE INDEX courses_slug_unique ON courses (slug)');
  await knex.raw(
    'ALTER TABLE courses ADD CONSTRAINT courses_position_unique UNIQUE (position) DEFERRABLE INITIALLY IMMEDIATE',
  );
  await knex.raw('CREATE INDEX courses_title_trgm ON courses USING gin (title gin_trgm_ops)');
  await knex.raw(
    `CREATE INDEX courses_description_trgm ON courses USING gin ((coalesce(description, '')) gin_trgm_ops)`,
  );

  await knex.schema.createTable('course_tags', (t) => {
    t.integer('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['course_id', 'tag_id']);
  });
  await knex.raw('CREATE INDEX course_tags_tag_idx ON course_tags (tag_id)');

  await knex.schema.createTable('modules', (t) => {
    t.increments('id').primary();
    t.text('title').notNullable();
    // Deleting a course deletes its modules (and their lessons) in the same statement.
    t.integer('course_id').references('courses.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.boolean('visible_to_basic').notNullable().defaultTo(true);
    t.boolean('visible_to_premium').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE modules ADD CONSTRAINT modules_position_check CHECK ((course_id IS NULL AND position = 0) OR (course_id IS NOT NULL AND position >= 1))`,
  );
  await knex.raw(
    'ALTER TABLE modules ADD CONSTRAINT modules_course_position_unique UNIQUE (course_id, position) DEFERRABLE INITIALLY IMMEDIATE',
  );
  await knex.raw('CREATE INDEX modules_title_trgm ON modules USING gin (title gin_trgm_ops)');

  await knex.schema.createTable('module_tags', (t) => {
    t.integer('module_id').notNullable().references('modules.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['module_id', 'tag_id']);
  });
  await knex.raw('CREATE INDEX module_tags_tag_idx ON module_tags (tag_id)');

  await knex.schema.createTable('lessons', (t) => {
    t.increments('id').primary();
    t.text('title').notNullable();
    t.text('content').notNullable().defaultTo('');
    t.integer('module_id').notNullable().references('modules.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE lessons ADD CONSTRAINT lessons_position_check CHECK (position >= 1)`);
  await knex.raw(
    'ALTER TABLE lessons ADD CONSTRAINT lessons_module_position_unique UNIQUE (module_id, position) DEFERRABLE INITIALLY IMMEDIATE',
  );
  await knex.raw(
    `ALTER TABLE lessons ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED`,
  );
  await knex.raw('CREATE INDEX lessons_search_idx ON lessons USING gin (search_vector)');
  await knex.raw('CREATE INDEX lessons_title_trgm ON lessons USING gin (title gin_trgm_ops)');

  await knex.schema.createTable('lesson_tags', (t) => {
    t.integer('lesson_id').notNullable().references('lessons.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['lesson_id', 'tag_id']);
  });
  await knex.raw('CREATE INDEX lesson_tags_tag_idx ON lesson_tags (tag_id)');

  await knex.schema.createTable('lesson_completions', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('lesson_id').notNullable().references('lessons.id').onDelete('CASCADE');
    t.timestamp('completed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'lesson_id']);
  });
  await knex.raw('CREATE INDEX lesson_completions_lesson_idx ON lesson_completions (lesson_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'lesson_completions',
    'lesson_tags',
    'lessons',
    'module_tags',
    'modules',
    'course_tags',
    'courses',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}

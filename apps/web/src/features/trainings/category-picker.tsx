import { messages } from '@brigade/core/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Chip, Group, Input, Skeleton, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useState } from 'react';
import classes from '../../components/fieldset.module.css';
import { LoadError } from '../../components/load-error';
import { useTrainingCategories } from '../../lib/api/get-training-categories';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useCreateTrainingCategory } from './api/create-training-category';

interface CategoryPickerProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
}

/**
 * The training form's categories (core §5: at least one): a chip per category, and a
 * "New category" field that adds one (hq) and selects it at once.
 */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const categories = useTrainingCategories();
  const create = useCreateTrainingCategory();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const errorId = useId();

  function add() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(text(messages.nameRequired));
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (category) => {
        setName('');
        setNameError(null);
        if (!value.includes(category.id)) onChange([...value, category.id]);
      },
      onError: (failure) => {
        setNameError(isApiError(failure) ? text(failure.fields.name ?? failure.message) : t`Failed to add category`);
      },
    });
  }

  // Enter in the new-category field adds the category; it must not submit the training.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <div>
      <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined}>
        <legend className={classes.legend}>
          <Trans>Categories</Trans>{' '}
          <span className={classes.required} aria-hidden>
            *
          </span>
        </legend>
        {categories.isPending ? (
          <Group gap="xs" role="status" aria-busy="true" aria-label={t`Loading categories`}>
            {[90, 120, 80].map((width) => (
              <Skeleton key={width} height={28} width={width} radius="xl" />
            ))}
          </Group>
        ) : categories.isError ? (
          <LoadError
            message={text(messages.categoriesLoadFailed)}
            onRetry={() => void categories.refetch()}
            retrying={categories.isFetching}
          />
        ) : categories.data.length === 0 ? (
          <Text size="sm" c="gray.7">
            <Trans>No categories yet. Add the first one below.</Trans>
          </Text>
        ) : (
          <Chip.Group multiple value={value} onChange={onChange}>
            <Group gap="xs">
              {categories.data.map((category) => (
                <Chip key={category.id} value={category.id} variant="outline">
                  {category.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {error && (
          <Input.Error id={errorId} mt={6}>
            {error}
          </Input.Error>
        )}
      </fieldset>
      <Group align="flex-start" gap="xs" mt="sm" wrap="nowrap">
        <TextInput
          label={t`New category`}
          size="sm"
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          onKeyDown={onKeyDown}
          error={nameError}
          style={{ flex: 1, maxWidth: 320 }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          loading={create.isPending}
          mt={25}
        >
          <Trans>Add Category</Trans>
        </Button>
      </Group>
    </div>
  );
}
